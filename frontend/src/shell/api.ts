// A thin fetch wrapper: JSON in and out, and the backend's `{"error": ...}`
// message surfaced as an ApiError the views can show.

import type { ErrorBody } from "./types.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface Api {
  get<T>(url: string, signal?: AbortSignal): Promise<T>;
  post<T>(url: string, body: unknown): Promise<T>;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as { error?: unknown }).error === "string";
}

async function parse<T>(response: Response): Promise<T> {
  let body: unknown = null;
  let text = "";
  try {
    text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error, body);
    const detail = text && text.length < 200 && !text.trimStart().startsWith("<") ? `: ${text.trim()}` : "";
    throw new ApiError(response.status, `request failed with HTTP ${response.status}${detail}`);
  }
  if (body === null) throw new ApiError(response.status, "the server answered with something that is not JSON");
  return body as T;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export function createApi(fetchFn: FetchLike = (input, init) => fetch(input, init)): Api {
  async function send<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetchFn(url, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, `cannot reach TensorBoard (${error instanceof Error ? error.message : String(error)})`);
    }
    return parse<T>(response);
  }
  return {
    get: <T>(url: string, signal?: AbortSignal) =>
      send<T>(url, { headers: { Accept: "application/json" }, ...(signal ? { signal } : {}) }),
    post: <T>(url: string, body: unknown) =>
      send<T>(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      }),
  };
}

/**
 * A 4xx: the request itself was refused (a bad search pattern, a bad
 * parameter): asking again cannot help, so no Retry is offered.
 */
export function isInputError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Whether a request was refused for its parameter ``name`` (the server names it in the body). */
export function isRefusedParameter(error: unknown, name: string): boolean {
  return isInputError(error) && (error as ApiError).body?.parameter === name;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A route's URL with its query, for every view: entries left undefined or null are not sent. */
export function routeUrl(route: string, params: Readonly<Record<string, string | number | null | undefined>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) query.set(key, String(value));
  return `${route}?${query.toString()}`;
}
