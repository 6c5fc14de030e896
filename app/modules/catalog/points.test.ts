import { describe, expect, it } from "vitest";
import { RecordWithDateValues } from "~/modules/delivery/serialize";
import { generateSeries, type StoredPoint } from "./generator";
import { latestValuesJson, selectPoints, storedLatestValues } from "./points";

const stored: StoredPoint[] = [
  ["2025-03-31", 10],
  ["2025-04-30", 11],
  ["2025-04-30", 11.5, 1, "2025-06-25T08:00:00.000Z"],
  ["2025-05-31", 12],
  ["2025-05-31", 12.4, 1, "2026-01-01T00:00:00.000Z"],
];

describe("selectPoints", () => {
  it("gives the latest value of each date, with its revision and publication", () => {
    expect(selectPoints("monthly", stored)).toEqual([
      { date: "2025-03-31", value: 10, revision: 0, publishedAt: "2025-04-25T08:00:00.000Z" },
      { date: "2025-04-30", value: 11.5, revision: 1, publishedAt: "2025-06-25T08:00:00.000Z" },
      { date: "2025-05-31", value: 12.4, revision: 1, publishedAt: "2026-01-01T00:00:00.000Z" },
    ]);
  });

  it("gives every vintage on request", () => {
    const vintages = selectPoints("monthly", stored, { vintages: true });
    expect(vintages.map((point) => [point.date, point.value, point.revision])).toEqual([
      ["2025-03-31", 10, 0],
      ["2025-04-30", 11, 0],
      ["2025-04-30", 11.5, 1],
      ["2025-05-31", 12, 0],
      ["2025-05-31", 12.4, 1],
    ]);
  });

  it("keeps only what was published after a moment", () => {
    const since = "2025-06-25T08:00:00.000Z";
    expect(selectPoints("monthly", stored, { publishedAfter: since }).map((point) => point.value)).toEqual([12.4]);
    expect(selectPoints("monthly", stored, { publishedAfter: since, vintages: true }).map((point) => point.value)).toEqual([12.4]);
    expect(
      selectPoints("monthly", stored, { publishedAfter: "2025-05-01T00:00:00.000Z", vintages: true }).map((point) => point.value),
    ).toEqual([11, 11.5, 12, 12.4]);
  });
});

/** The entries storedLatestValues gives, read back from its slices; whether it gave slices. */
function latestOf(stored: StoredPoint[] | string) {
  const values = storedLatestValues(Buffer.from(typeof stored === "string" ? stored : JSON.stringify(stored)));
  return { slices: "offsets" in values, entries: new RecordWithDateValues({}, "points", values).toJSON().points };
}

describe("storedLatestValues", () => {
  it("gives the latest value of each date as slices of the stored text", () => {
    const latest = selectPoints("monthly", stored).map(({ date, value }) => ({ date, value }));
    expect(latestOf(stored)).toEqual({ slices: true, entries: latest });
    expect(latestOf([])).toEqual({ slices: true, entries: [] });
    expect(latestOf([["2020-01-31", 1, 0, "2020-03-01T00:00:00.000Z"]])).toEqual({
      slices: true,
      entries: [{ date: "2020-01-31", value: 1 }],
    });
    const revisedTwice: StoredPoint[] = [
      ["2020-01-31", 1],
      ["2020-01-31", 2, 1, "2020-03-01T00:00:00.000Z"],
      ["2020-01-31", 3, 2, "2020-04-01T00:00:00.000Z"],
      ["2020-02-29", 4],
      ["2020-03-31", 5, 0, "2020-04-02T00:00:00.000Z"],
      ["2020-04-30", 6],
      ["2020-04-30", 7, 1, "2020-06-01T00:00:00.000Z"],
    ];
    expect(latestOf(revisedTwice).entries).toEqual([
      { date: "2020-01-31", value: 3 },
      { date: "2020-02-29", value: 4 },
      { date: "2020-03-31", value: 5 },
      { date: "2020-04-30", value: 7 },
    ]);
    expect(latestOf([["2020-01-01", -0.000001234]]).entries).toEqual([{ date: "2020-01-01", value: -0.000001234 }]);
    expect(latestOf([["2020-01-01", 1e21]]).entries).toEqual([{ date: "2020-01-01", value: 1e21 }]);
  });

  it("parses a text the slices cannot hold: a value that is not a number, a date to escape", () => {
    expect(latestOf('[["2020-01-31",null],["2020-02-29",2]]')).toEqual({
      slices: false,
      entries: [
        { date: "2020-01-31", value: null },
        { date: "2020-02-29", value: 2 },
      ],
    });
    expect(latestOf('[["<2020>",1]]')).toEqual({ slices: false, entries: [{ date: "<2020>", value: 1 }] });
    expect(() => latestOf('[["2020-01-31",1]')).toThrow(SyntaxError);
  });

  it("agrees with parsing for every series of the generated catalog's first thousand", () => {
    for (let index = 0; index < 1000; index++) {
      const { points, record } = generateSeries(index);
      // As stored: JSON has no -0.
      const latest: unknown = JSON.parse(
        JSON.stringify(selectPoints(record.frequency, points).map(({ date, value }) => ({ date, value }))),
      );
      expect(latestOf(points)).toEqual({ slices: true, entries: latest });
    }
  });
});

describe("latestValuesJson", () => {
  it("is the JSON of each date's latest value, as a dump of points as published writes it", () => {
    expect(latestValuesJson(stored)).toBe(
      '[{"date":"2025-03-31","value":10},{"date":"2025-04-30","value":11.5},{"date":"2025-05-31","value":12.4}]',
    );
    expect(latestValuesJson([])).toBe("[]");
    for (let index = 0; index < 200; index++) {
      const { points } = generateSeries(index);
      expect(latestValuesJson(points)).toBe(JSON.stringify(latestOf(points).entries));
    }
  });
});
