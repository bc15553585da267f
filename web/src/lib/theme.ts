import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  colorSwatchRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { SIDEWAYS_PHONE_QUERY } from './use-is-phone';

/**
 * Chakra's theme with only the recipes of the components the portal uses: the full set is some
 * 117 kB of the first screen's script, and the system copies every recipe as it is built. A
 * component whose recipe is missing would render unstyled: the unit tests fail on one
 * (test/setup.ts), so a new Chakra component means a line here.
 */
const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  colorSwatch: colorSwatchRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

/** Chakra's default theme (its defaultThemeConfig) with the recipes above. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes: RECIPES, slotRecipes: SLOT_RECIPES, textStyles, layerStyles, animationStyles },
});

/**
 * On a phone (below the md breakpoint, 768 px, or held sideways) every control a finger hits is at
 * least 44×44 px (WCAG 2.5.5); elsewhere the recipes' own sizes stand. `phone(desktop)` is that
 * responsive value. Chakra writes a max-height query after the min-width ones, so it wins over md.
 */
const TAP = '11';
const phone = (desktop: string) => ({ base: TAP, md: desktop, _sidewaysPhone: TAP });
const tapHeight = { minH: phone('auto') };
const tapBox = { minH: phone('auto'), minW: phone('auto') };
/** A slot recipe's slots as the defaults declare them (the config merges into the defaults). */
const slotsOf = (name: keyof typeof SLOT_RECIPES) => SLOT_RECIPES[name].slots ?? [];

const config = defineConfig({
  conditions: { sidewaysPhone: `@media ${SIDEWAYS_PHONE_QUERY}` },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
  theme: {
    recipes: {
      button: {
        base: tapHeight,
        variants: { size: { '2xs': { minW: phone('6') }, xs: { minW: phone('8') }, sm: { minW: phone('9') }, md: { minW: phone('10') } } },
      },
      input: { base: tapHeight },
      // Chakra's links here stand alone ('← Back to Project', 'Forgot password?'), none inside running text.
      link: { base: tapHeight },
    },
    slotRecipes: {
      nativeSelect: { slots: slotsOf('nativeSelect'), base: { field: tapHeight } },
      checkbox: { slots: slotsOf('checkbox'), base: { root: tapBox } },
      menu: { slots: slotsOf('menu'), base: { item: tapHeight } },
      radioGroup: { slots: slotsOf('radioGroup'), base: { item: tapHeight } },
      switch: { slots: slotsOf('switch'), base: { root: tapHeight } },
      tabs: { slots: slotsOf('tabs'), base: { trigger: tapHeight } },
    },
    tokens: {
      colors: {
        brand: {
          50: { value: '#effaf8' },
          100: { value: '#d6f1ec' },
          200: { value: '#a9e2d8' },
          300: { value: '#72cbbe' },
          400: { value: '#3fae9f' },
          500: { value: '#1b9385' },
          600: { value: '#0f766e' },
          700: { value: '#115e59' },
          800: { value: '#134e4a' },
          900: { value: '#0b3633' },
          950: { value: '#062220' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // The default red.500 is 3.8:1 on white, under AA for text ('Danger Zone', field errors); red.600 is 4.8:1.
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        brand: {
          // brand.700: white text stays above 4.5:1 on it when a hovered button shows it at 90% (brand.600 gave 4.48:1).
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
});

/**
 * Chakra's base (conditions, utilities), its theme and ours. They are imported from their own
 * modules: the package's `defaultConfig` module also builds a `defaultSystem` on load, a second full
 * system (tokens and their CSS) the portal never uses.
 */
export const system = createSystem(defaultBaseConfig, themeConfig, config);
