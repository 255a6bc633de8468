// The order page (adjutant view --orders, docs/orders.md "The order page"):
// one self-contained HTML file in which the side whose orders are due builds
// them by clicking: a unit, then the hexes of its path with the MP spent;
// defenders and attackers of an attack with its odds; standing orders. Every
// click is checked by the rules themselves, compiled to WebAssembly (wasm/,
// src/web/order_check.*) and carried in the page: no network, no copy of
// the rules in JavaScript, the refusals of `adjutant orders` word for word.
// It exports the order body as JSON or as text orders for `adjutant sign`;
// it never asks for a key.
#pragma once

#include <string>

#include "game/archive.h"
#include "game/fog.h"
#include "model/state.h"
#include "report/order_page_wasm.h"

namespace adjutant::report {

// Whether the ruleset's package has an order page (rules/package.h
// OrderPage: the hex page of Blue & Gray and of the 1961 game's turns, the
// table page of Chaos of Battle).
bool has_order_page(const std::string& ruleset_id);

// The page for `side` at `state` (the archive's latest). `side` "" means
// the side whose orders are due. Errors: view.no_order_page (a program
// built without the WebAssembly checker), view.orders_ruleset,
// view.orders_game_over, view.orders_not_due (exits 4, 2, 1 and 1).
// `wasm` is the checker the program carries (order_wasm()); a test passes
// an empty one to see what a program built without emscripten says.
std::string order_page(const game::Archive& archive, const model::State& state,
                       const std::string& side, const OrderWasm& wasm = order_wasm());

// The order page of a side's sealed copy of a fog-of-war game (docs/protocol.md
// 10a), opened by game::open_sealed_orders: built from the side's part of
// the scenario and its view of the phase due, which is all the copy holds.
// Errors: view.no_order_page, view.orders_ruleset.
std::string sealed_order_page(const game::SealedOrdersGame& copy,
                              const OrderWasm& wasm = order_wasm());

}  // namespace adjutant::report
