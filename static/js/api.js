// HTTP calls to the server API. Failures throw ApiError {code, params}.
export class ApiError extends Error {
  constructor(code, params = {}, message = "") {
    super(message || code);
    this.code = code;
    this.params = params;
  }
}

function errorFrom(body, status) {
  const source = body?.error ?? body?.detail ?? body ?? {};
  const code = typeof source === "object" && source.code ? source.code : status === 404 ? "not_found" : "bad_request";
  return new ApiError(code, source.params ?? {}, source.message ?? "");
}

export async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("network");
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw errorFrom(data, response.status);
  return data;
}

// Seat credentials per room code, kept in this browser only (never in a URL).
const seatKey = (code) => `paddock.seat.${code}`;

export function loadSeat(code) {
  try {
    const raw = localStorage.getItem(seatKey(code));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function saveSeat(code, seat) {
  localStorage.setItem(seatKey(code), JSON.stringify(seat));
}

export function forgetSeat(code) {
  localStorage.removeItem(seatKey(code));
}

export function rememberName(name) {
  try { localStorage.setItem("paddock.name", name); } catch { /* ignore */ }
}

export function rememberedName() {
  try { return localStorage.getItem("paddock.name") ?? ""; } catch { return ""; }
}
