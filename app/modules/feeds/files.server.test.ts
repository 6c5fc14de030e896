import { describe, expect, it } from "vitest";
import { downloadName } from "./files.server";

describe("downloadName", () => {
  it("names a dump by its name and day", () => {
    expect(downloadName("GDP of G7 (quarterly)", "2026-11-22T10:15:42.123Z", "xml")).toBe("gdp-of-g7-quarterly-2026-11-22.xml");
    expect(downloadName("数据", "2026-11-22T10:15:42.123Z", "json")).toBe("export-2026-11-22.json");
  });

  it("names a feed run by its minute, so runs of one day do not overwrite each other", () => {
    const first = downloadName("Bank news", "2026-11-22T10:00:03.000Z", "json", "minute");
    const second = downloadName("Bank news", "2026-11-22T10:15:02.000Z", "json", "minute");
    expect(first).toBe("bank-news-2026-11-22-1000.json");
    expect(second).toBe("bank-news-2026-11-22-1015.json");
  });
});
