// The charts' colours (docs/product.md#look-and-feel): cardamom green first, saffron second, then tones of the same
// family, so a business's own line and its first competitor are always the brand's two colours.
export const CHART_PALETTE = [
  "#1F5C4A",
  "#C8691C",
  "#6B4F3A",
  "#5E9C86",
  "#E3A15F",
  "#8C2F1B",
  "#A9C4B8",
  "#3B2C22",
] as const;
/** A heat map runs from warm white to cardamom. */
export const HEAT_RANGE = ["#F6EFE6", "#1F5C4A"] as const;
/** The same hues on the dark theme's ground. */
export const HEAT_RANGE_DARK = ["#2A211A", "#5E9C86"] as const;
