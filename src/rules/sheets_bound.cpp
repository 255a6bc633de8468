#include "rules/sheets_bound.h"

namespace adjutant::rules {

namespace {

class SheetsBound : public Ruleset {
 public:
  SheetsBound(std::unique_ptr<Ruleset> inner, std::shared_ptr<const hex::Sheets> sheets)
      : inner_(std::move(inner)), sheets_(std::move(sheets)) {}

  std::string id() const override { return inner_->id(); }
  int version() const override { return inner_->version(); }
  std::vector<std::string> sides() const override { return inner_->sides(); }
  model::State initial_state() const override {
    hex::SheetsScope scope(sheets_);
    return inner_->initial_state();
  }
  PhaseInfo current_phase(const model::State& state) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->current_phase(state);
  }
  Checked check(const model::State& state, const Json& orders,
                const std::string& source) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->check(state, orders, source);
  }
  Json preview(const model::State& state, const Json& orders) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->preview(state, orders);
  }
  Json adjudicate(const model::State& state, const Checked& checked,
                  ledger::Dice& dice) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->adjudicate(state, checked, dice);
  }
  model::State apply(const model::State& state, const Json& events) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->apply(state, events);
  }
  Adjudicated adjudicate_to(const model::State& state, const Checked& checked,
                            ledger::Dice& dice) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->adjudicate_to(state, checked, dice);
  }
  std::string explain_combat(const Json& combat, const Json& consequences) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->explain_combat(combat, consequences);
  }
  std::string describe_event(const Json& event) const override {
    return inner_->describe_event(event);
  }
  std::string describe_result(const std::string& code) const override {
    return inner_->describe_result(code);
  }
  std::string side_name(const std::string& id) const override { return inner_->side_name(id); }
  TableBoard table_board() const override { return inner_->table_board(); }
  std::map<std::string, int> table_preferences(const Json& order_body) const override {
    return inner_->table_preferences(order_body);
  }
  TableSight table_sight(const model::State& seen, const std::string& viewer,
                         const std::map<std::string, int>& preferred) const override {
    return inner_->table_sight(seen, viewer, preferred);
  }
  std::vector<PieceRow> pieces(const model::State& state, const std::string& side) const override {
    return inner_->pieces(state, side);
  }
  model::State view(const model::State& state, const std::string& side) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->view(state, side);
  }
  // What the ruleset decides about the game layer: forwarded, every one, so
  // the binding never falls back to a default the ruleset overrides.
  bool umpire_required() const override { return inner_->umpire_required(); }
  std::string adjudicator(const std::string& side, bool has_umpire) const override {
    return inner_->adjudicator(side, has_umpire);
  }
  Json empty_orders(const std::string& side) const override { return inner_->empty_orders(side); }
  Json adjudicate_phase(const model::State& state, const std::vector<SideOrders>& orders,
                        ledger::Dice& dice) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->adjudicate_phase(state, orders, dice);
  }
  std::string draw_svg(const model::State& state, const std::string& side) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->draw_svg(state, side);
  }
  bool fog_of_war() const override { return inner_->fog_of_war(); }
  Json visible_events(const Json& events, const std::string& side) const override {
    hex::SheetsScope scope(sheets_);
    return inner_->visible_events(events, side);
  }

 private:
  std::unique_ptr<Ruleset> inner_;
  std::shared_ptr<const hex::Sheets> sheets_;
};

}  // namespace

std::unique_ptr<Ruleset> bind_sheets(std::unique_ptr<Ruleset> inner,
                                     std::shared_ptr<const hex::Sheets> sheets) {
  return std::make_unique<SheetsBound>(std::move(inner), std::move(sheets));
}

}  // namespace adjutant::rules
