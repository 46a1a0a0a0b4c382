// Server and engine errors arrive as {code, message, params}; the words come
// from the reader's catalogue. Every known code is listed here by its key.
import { t } from "./i18n.js";

const ERROR_KEYS = {
  // engine (engine/errors.py)
  not_your_turn: "error.not_your_turn",
  illegal_action: "error.illegal_action",
  game_over: "error.game_over",
  bad_action: "error.bad_action",
  bad_options: "error.bad_options",
  bad_setup: "error.bad_setup",
  // server
  stale: "error.stale",
  bad_message: "error.bad_message",
  too_large: "error.too_large",
  bad_token: "error.bad_token",
  not_found: "error.not_found",
  room_not_found: "error.not_found",
  room_full: "error.room_full",
  already_started: "error.already_started",
  not_started: "error.not_started",
  not_host: "error.not_host",
  too_few_seats: "error.too_few_seats",
  spectator: "error.spectator",
  bad_name: "error.bad_name",
  bad_request: "error.bad_request",
  rate_limited: "error.rate_limited",
  // client side
  network: "error.network",
  copy_failed: "error.copy_failed",
};

export function errorKey(code) {
  return ERROR_KEYS[code] ?? "error.unknown";
}

export function errorText(error) {
  const code = error?.code ?? "unknown";
  return t(errorKey(code), error?.params ?? {});
}
