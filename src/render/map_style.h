// Colours, sizes and fonts of the map: one place to tune how it looks. Sizes
// are in pixels for a hex of circumradius kHexSize; everything else scales
// from the hex so a 25x28 map stays readable on a laptop screen.
#pragma once

#include <string_view>

namespace adjutant::render {

struct Rgb {
  double r = 0;
  double g = 0;
  double b = 0;
};

// "#rrggbb" or "#rgb"; anything else gives `fallback`.
Rgb parse_colour(std::string_view text, Rgb fallback);
// t = 0 gives a, t = 1 gives b.
Rgb mix(Rgb a, Rgb b, double t);
// Relative luminance (sRGB weights), 0 black .. 1 white.
double luminance(Rgb c);
// Black or white, whichever reads better on `background`.
Rgb ink_on(Rgb background);

inline constexpr double kHexSize = 32;
inline constexpr double kMargin = 14;
inline constexpr double kBannerHeight = 50;
inline constexpr double kMinWidth = 640;

// Counters: NATO-style rectangles, two fit one above the other in a hex.
inline constexpr double kCounterWidth = 44;
inline constexpr double kCounterHeight = 24;
inline constexpr double kCounterGap = 1;

inline constexpr double kHexNumberSize = 7;
inline constexpr double kPlaceNameSize = 8.5;
inline constexpr double kDesignationSize = 7.5;
inline constexpr double kValuesSize = 9.5;
inline constexpr double kTitleSize = 15;
inline constexpr double kBannerTextSize = 11.5;
inline constexpr double kLegendTextSize = 9.5;
inline constexpr double kLegendTitleSize = 10.5;
inline constexpr double kCombatTextSize = 9;

inline constexpr Rgb kWhite{1, 1, 1};
inline constexpr Rgb kBlack{0, 0, 0};
inline constexpr Rgb kPaper{0.97, 0.96, 0.93};
inline constexpr Rgb kGrid{0.36, 0.34, 0.28};
inline constexpr double kGridAlpha = 0.45;
inline constexpr Rgb kHexNumber{0.18, 0.17, 0.14};
inline constexpr double kHexNumberAlpha = 0.6;
inline constexpr Rgb kBannerBack{0.17, 0.19, 0.23};
inline constexpr Rgb kBannerInk{0.96, 0.96, 0.94};
inline constexpr Rgb kBannerDim{0.72, 0.75, 0.80};
inline constexpr Rgb kCounterEdge{0.08, 0.08, 0.08};
inline constexpr Rgb kIneffective{0.80, 0.08, 0.08};
inline constexpr Rgb kDemoralized{0.98, 0.80, 0.10};
inline constexpr Rgb kCombat{0.82, 0.07, 0.10};
inline constexpr Rgb kEliminatedCross{0.82, 0.07, 0.10};
inline constexpr Rgb kRoad{0.45, 0.22, 0.12};
inline constexpr Rgb kTrail{0.45, 0.30, 0.18};
inline constexpr Rgb kRailroad{0.12, 0.12, 0.12};
inline constexpr Rgb kBridgeDeck{0.42, 0.31, 0.21};
inline constexpr Rgb kWater{0.25, 0.49, 0.77};
inline constexpr Rgb kVictory{0.85, 0.65, 0.05};
inline constexpr Rgb kLabelHalo{1, 1, 0.97};

inline constexpr const char* kFontRegular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr const char* kFontBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

}  // namespace adjutant::render
