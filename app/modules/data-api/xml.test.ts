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
});
