import { describe, expect, it } from "vitest";
import { parseHash, parseStep, pluginEntries, serializeHash, withPluginEntries } from "../src/shell/hash-state.js";

describe("parseHash", () => {
  it("splits the tab from key=value pairs and decodes both sides", () => {
    expect(parseHash("#tb_bias&smoothing=0.6&p.tb_bias.q=a%26b%3Dc")).toEqual({
      tab: "tb_bias",
      entries: [
        ["smoothing", "0.6"],
        ["p.tb_bias.q", "a&b=c"],
      ],
    });
  });

  it("accepts a hash without '#', an empty hash and empty items", () => {
    expect(parseHash("")).toEqual({ tab: null, entries: [] });
    expect(parseHash("#")).toEqual({ tab: null, entries: [] });
    expect(parseHash("scalars&&x=1&")).toEqual({ tab: "scalars", entries: [["x", "1"]] });
  });

  it("splits on the first '=' only and keeps malformed escapes verbatim", () => {
    expect(parseHash("#k=a=b&bad=%E0%A4%A").entries).toEqual([
      ["k", "a=b"],
      ["bad", "%E0%A4%A"],
    ]);
  });
});

describe("serializeHash", () => {
  it("round-trips values containing separators and unicode", () => {
    const parsed = { tab: "tb_bias", entries: [["p.tb_bias.q", "<img&x=1> é #"]] as Array<[string, string]> };
    const text = serializeHash(parsed);
    expect(text.startsWith("#tb_bias&p.tb_bias.q=")).toBe(true);
    expect(text.slice(1).split("&")).toHaveLength(2);
    expect(parseHash(text)).toEqual(parsed);
  });

  it("writes nothing for an empty state", () => {
    expect(serializeHash({ tab: null, entries: [] })).toBe("");
  });
});

describe("plugin entries", () => {
  const prefix = "p.tb_bias.";
  const parsed = parseHash("#tb_bias&runFilter=abc&p.tb_bias.metric=pmi&p.other.metric=x&p.tb_bias.q=hair");

  it("reads only our prefixed keys, without the prefix", () => {
    expect(pluginEntries(parsed, prefix)).toEqual({ metric: "pmi", q: "hair" });
  });

  it("replaces our keys and keeps TensorBoard's and other plugins' keys and the tab", () => {
    const next = withPluginEntries(parsed, prefix, { metric: "dp" }, "tb_bias");
    expect(next.tab).toBe("tb_bias");
    expect(next.entries).toEqual([
      ["runFilter", "abc"],
      ["p.other.metric", "x"],
      ["p.tb_bias.metric", "dp"],
    ]);
  });

  it("adds our tab when the hash has none, so a reload opens this plugin", () => {
    expect(withPluginEntries(parseHash(""), prefix, { q: "x" }, "tb_bias")).toEqual({
      tab: "tb_bias",
      entries: [["p.tb_bias.q", "x"]],
    });
  });
});

describe("parseStep", () => {
  it("reads whole numbers, negative ones too (TensorBoard steps are int64)", () => {
    expect(parseStep("0")).toBe(0);
    expect(parseStep("05")).toBe(5);
    expect(parseStep("-3")).toBe(-3);
    expect(parseStep(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("drops anything else instead of sending it: a fraction, an exponent, words, blanks, beyond the safe integers", () => {
    for (const text of [undefined, "", " 5", "5 ", "1.5", "1e3", "abc", "12abc", "+5", "0x10", "Infinity", "NaN"]) {
      expect(parseStep(text), String(text)).toBeNull();
    }
    expect(parseStep("9007199254740993")).toBeNull();
    expect(parseStep("100000000000000000000")).toBeNull();
  });
});

describe("a text entry", () => {
  it("is unset when absent or empty, for every view", async () => {
    const { textEntry } = await import("../src/shell/hash-state.js");
    expect([textEntry(undefined), textEntry(""), textEntry("model_a")]).toEqual([null, null, "model_a"]);
  });
});
