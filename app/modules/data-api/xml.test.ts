import { describe, expect, it } from "vitest";
import { toXml } from "./xml";

describe("toXml", () => {
  it("follows the JSON's structure: keys as elements, array items as <item>, null as nil", () => {
    expect(toXml({ total: 1, data: [{ id: "42", name: "GDP <real> & more", value: null, key: true }] })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<response><total>1</total><data><item><id>42</id><name>GDP &lt;real&gt; &amp; more</name><value nil="true"/><key>true</key></item></data></response>',
    );
  });

  it("turns keys that are no XML names into names", () => {
    expect(toXml({ "1st": 1, "a b": 2 }, "dump")).toContain("<dump><_1st>1</_1st><a_b>2</a_b></dump>");
  });

  it("[security3-N15] never writes a character XML 1.0 does not allow, whatever a stored name holds", () => {
    const name = 'x</name><injected attr="1">&amp;\u0001]]>\u0000\u001f\ud800\uffff';
    const xml = toXml({ name, "\u0001key": 1 }, "dump");
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<dump><name>x&lt;/name&gt;&lt;injected attr=&quot;1&quot;&gt;&amp;amp;]]&gt;</name><_key>1</_key></dump>',
    );
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  });

  it("[security3-N15] keeps line breaks as character references, so a value adds no line to the document", () => {
    expect(toXml({ description: "one\r\ntwo\tthree" })).toContain("<description>one&#13;&#10;two\tthree</description>");
  });
});
