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
  // server (app/rooms/errors.py, app/api/errors.py, app/ws)
  stale: "error.stale",
  bad_json: "error.bad_json",
  bad_message: "error.bad_message",
  unknown_type: "error.unknown_type",
  too_big: "error.too_big",
  bad_request: "error.bad_request",
  bad_method: "error.bad_method",
  not_found: "error.not_found",
  bad_token: "error.bad_token",
  no_token: "error.no_token",
  no_seat: "error.no_seat",
  not_your_seat: "error.not_your_seat",
  not_host: "error.not_host",
  room_full: "error.room_full",
  already_started: "error.already_started",
  not_started: "error.not_started",
  not_playing: "error.not_playing",
  not_over: "error.not_over",
  too_few_seats: "error.too_few_seats",
  closed: "error.closed",
  bad_name: "error.bad_name",
  name_taken: "error.name_taken",
  own_seat: "error.own_seat",
  already_bot: "error.already_bot",
  own_seat: "error.own_seat",
  seat_in_use: "error.seat_in_use",
  no_such_seat: "error.no_such_seat",
  already_greeted: "error.already_greeted",
  hello_first: "error.hello_first",
  seated: "error.seated",
  spectator: "error.spectator",
  server_error: "error.server_error",
  // group play (app/rooms/chat.py, rematch.py, seats.py, app/ws/group.py)
  bad_chat: "error.bad_chat",
  chat_empty: "error.chat_empty",
  chat_too_long: "error.chat_too_long",
  chat_off: "error.chat_off",
  odds_off: "error.odds_off",
  tote_closed: "error.tote_closed",
  tote_chips: "error.tote_chips",
  tote_contender: "error.tote_contender",
  tote_unnamed: "error.tote_unnamed",
  tote_seated: "error.tote_seated",
  odds_failed: "error.odds_failed",
  chat_muted: "error.chat_muted",
  chat_slow: "error.chat_slow",
  not_finished: "error.not_finished",
  too_soon: "error.too_soon",
  bad_link: "error.bad_link",
  seat_asked: "error.seat_asked",
  seat_kept: "error.seat_kept",
  // seats asked for, away and back, ending by vote (app/rooms/seat_requests.py, seat_choices.py, end_vote.py)
  seat_away: "error.seat_away",
  seat_requested: "error.seat_requested",
  no_request: "error.no_request",
  not_seated: "error.not_seated",
  give_host_only: "error.give_host_only",
  already_seated: "error.already_seated",
  bot_plays: "error.bot_plays",
  bots_finish: "error.bots_finish",
  spectator_vote: "error.spectator_vote",
  vote_open: "error.vote_open",
  vote_too_soon: "error.vote_too_soon",
  no_vote: "error.no_vote",
  already_voted: "error.already_voted",
  mute_full: "error.mute_full",
  no_such_sender: "error.no_such_sender",
  // the lobby of a group (app/rooms/group_lobby.py)
  room_not_full: "error.room_not_full",
  no_bot: "error.no_bot",
  too_many_asks: "error.too_many_asks",
  no_such_ask: "error.no_such_ask",
  // hardening (app/core/json_shape.py, connections.py, app/routes/ops.py)
  too_deep: "error.too_deep",
  bad_text: "error.bad_text",
  too_many_connections: "error.too_many_connections",
  operators_only: "error.operators_only",
  not_a_player: "error.not_a_player",
  http_error: "error.http_error",
  // limits and storage (app/core/ratelimit.py, app/ws/guard.py, app/core/storage.py)
  slow_down: "error.slow_down",
  storage_unavailable: "error.storage_unavailable",
  bad_origin: "error.bad_origin",
  hello_timeout: "error.hello_timeout",
  presence_unknown: "error.presence_unknown",
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
