import { describe, expect, it } from "vitest";
import { ApiError, type Api } from "../src/shell/api.js";
import { applyFlagOp, flagLookup, isNoop, saveFlagOp } from "../src/views/association/flags.js";
import type { FlagsState } from "../src/views/association/types.js";

const base: FlagsState = { tag: "gender", flagged: ["a", "b"], hidden: ["h"], version: 3 };

describe("flag operations", () => {
  it("adds labels at the end without duplicates and leaves the other list alone", () => {
    const next = applyFlagOp(base, { kind: "flagged", labels: ["c", "a", "c"], on: true });
    expect(next.flagged).toEqual(["a", "b", "c"]);
    expect(next.hidden).toEqual(["h"]);
    expect(next.version).toBe(3);
    expect(base.flagged).toEqual(["a", "b"]);
  });

  it("removes labels", () => {
    expect(applyFlagOp(base, { kind: "flagged", labels: ["a", "zzz"], on: false }).flagged).toEqual(["b"]);
    expect(applyFlagOp(base, { kind: "hidden", labels: ["h"], on: false }).hidden).toEqual([]);
  });

  it("knows when nothing would change", () => {
    expect(isNoop(base, { kind: "flagged", labels: ["a"], on: true })).toBe(true);
    expect(isNoop(base, { kind: "flagged", labels: ["a", "c"], on: true })).toBe(false);
    expect(isNoop(base, { kind: "hidden", labels: ["x"], on: false })).toBe(true);
  });

  it("builds lookups", () => {
    const lookup = flagLookup(base);
    expect(lookup.flagged.has("b")).toBe(true);
    expect(lookup.hidden.has("a")).toBe(false);
  });
});

interface Post {
  url: string;
  body: FlagsState;
}

function fakeApi(answers: Array<(body: FlagsState) => FlagsState>): { api: Api; posts: Post[] } {
  const posts: Post[] = [];
  const api: Api = {
    get: async () => {
      throw new Error("unexpected GET");
    },
    post: async <T>(url: string, body: unknown) => {
      posts.push({ url, body: body as FlagsState });
      const answer = answers.shift();
      if (!answer) throw new Error("unexpected POST");
      return answer(body as FlagsState) as T;
    },
  };
  return { api, posts };
}

describe("saveFlagOp", () => {
  it("posts the new lists with the version they are based on", async () => {
    const { api, posts } = fakeApi([(b) => ({ ...b, version: b.version + 1 })]);
    const result = await saveFlagOp(api, base, { kind: "flagged", labels: ["c"], on: true });
    expect(posts[0]).toEqual({ url: "flags", body: { tag: "gender", flagged: ["a", "b", "c"], hidden: ["h"], version: 3 } });
    expect(result).toEqual({ state: { tag: "gender", flagged: ["a", "b", "c"], hidden: ["h"], version: 4 }, rebased: false });
  });

  it("on 409 replays the change onto the server's current lists", async () => {
    const current: FlagsState = { tag: "gender", flagged: ["a", "z"], hidden: [], version: 9 };
    const { api, posts } = fakeApi([
      () => {
        throw new ApiError(409, "stale", { error: "stale", current });
      },
      (b) => ({ ...b, version: 10 }),
    ]);
    const result = await saveFlagOp(api, base, { kind: "flagged", labels: ["c"], on: true });
    expect(posts[1]!.body).toEqual({ tag: "gender", flagged: ["a", "z", "c"], hidden: [], version: 9 });
    expect(result.rebased).toBe(true);
    expect(result.state.version).toBe(10);
  });

  it("gives up after a second conflict with a message", async () => {
    const conflict = () => {
      throw new ApiError(409, "stale", { error: "stale", current: { ...base, version: 11 } });
    };
    const { api } = fakeApi([conflict, conflict]);
    await expect(saveFlagOp(api, base, { kind: "hidden", labels: ["x"], on: true })).rejects.toThrow(/reload/);
  });

  it("does not retry other errors", async () => {
    const { api, posts } = fakeApi([
      () => {
        throw new ApiError(503, "cannot save flags: Read-only file system");
      },
    ]);
    await expect(saveFlagOp(api, base, { kind: "hidden", labels: ["x"], on: true })).rejects.toThrow("Read-only");
    expect(posts).toHaveLength(1);
  });
});
