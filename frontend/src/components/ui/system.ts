import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { switchAnatomy } from '@chakra-ui/react/anatomy';
import * as theme from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (tokens, text and layer styles, global CSS) with only the recipes of the
 * components the app renders: Chakra's defaultConfig carries all ~80 of them into the bundle. A
 * component whose recipe is left out renders unstyled, so test/frontend/chakra-recipes.test.ts checks
 * this list against every Chakra component the app imports.
 *
 * The overlays (dialogs, the drawer, menus, popovers, tooltips, toasts, the date picker), the
 * radio group and the table (the API reference page alone renders one) are not here: every page but the landing loads this system before its first paint,
 * and most never open one. Each of their roots takes its recipe from '@chakra-ui/react/theme' by
 * the `recipe` prop (LAZY_RECIPES), so the recipe travels with the code that renders it.
 */
export const LAZY_RECIPES = {
  datePicker: 'DatePicker',
  dialog: 'Dialog',
  drawer: 'Drawer',
  menu: 'Menu',
  popover: 'Popover',
  radioGroup: 'RadioGroup',
  table: 'Table',
  toast: 'Toast',
  tooltip: 'Tooltip',
} as const;

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: theme.cssVarsPrefix,
  cssVarsRoot: theme.cssVarsRoot,
  globalCss: theme.globalCss,
  theme: {
    breakpoints: theme.breakpoints,
    keyframes: theme.keyframes,
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    textStyles: theme.textStyles,
    layerStyles: theme.layerStyles,
    animationStyles: theme.animationStyles,
    recipes: {
      badge: theme.badgeRecipe,
      button: theme.buttonRecipe,
      checkmark: theme.checkmarkRecipe,
      code: theme.codeRecipe,
      container: theme.containerRecipe,
      heading: theme.headingRecipe,
      icon: theme.iconRecipe,
      input: theme.inputRecipe,
      inputAddon: theme.inputAddonRecipe,
      kbd: theme.kbdRecipe,
      link: theme.linkRecipe,
      radiomark: theme.radiomarkRecipe,
      separator: theme.separatorRecipe,
      skeleton: theme.skeletonRecipe,
      spinner: theme.spinnerRecipe,
      textarea: theme.textareaRecipe,
    },
    slotRecipes: {
      alert: theme.alertSlotRecipe,
      avatar: theme.avatarSlotRecipe,
      card: theme.cardSlotRecipe,
      checkbox: theme.checkboxSlotRecipe,
      field: theme.fieldSlotRecipe,
      fieldset: theme.fieldsetSlotRecipe,
      list: theme.listSlotRecipe,
      nativeSelect: theme.nativeSelectSlotRecipe,
      progress: theme.progressSlotRecipe,
      switch: theme.switchSlotRecipe,
      tabs: theme.tabsSlotRecipe,
    },
  },
});

/**
 * The design system: Chakra's defaults plus an indigo "brand" palette and a quiet, near-black dark
 * surface (dark is the default theme, docs/product-rules.md#constants).
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
    '::selection': { bg: 'brand.muted' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef2ff' },
          100: { value: '#e0e7ff' },
          200: { value: '#c7d2fe' },
          300: { value: '#a5b4fc' },
          400: { value: '#818cf8' },
          500: { value: '#6366f1' },
          600: { value: '#4f46e5' },
          700: { value: '#4338ca' },
          800: { value: '#3730a3' },
          900: { value: '#312e81' },
          950: { value: '#1e1b4b' },
        },
      },
    },
    slotRecipes: {
      // Chakra's off track is bg.emphasized, which on our near-black panel is barely there (issue
      // 17.16). An off switch must still read as a control: ≥ 3:1 against the panel (WCAG 1.4.11).
      switch: {
        slots: switchAnatomy.keys(),
        variants: {
          variant: {
            solid: { control: { bg: 'switch.trackOff', _checked: { bg: 'colorPalette.solid' } } },
          },
        },
      },
    },
    semanticTokens: {
      colors: {
        switch: {
          trackOff: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
        },
        brand: {
          // 600 in both themes: white on 500 is 4.46:1, under WCAG AA's 4.5:1 for button text (axe).
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.600}' } },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Chakra's red.solid (white on it about 4.3:1) and light fg.error (red.500 on white 3.8:1) are
        // under WCAG AA's 4.5:1 for text: Delete buttons, the unread badge, "Danger Zone".
        red: {
          solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } },
        },
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '#09090b' } },
          panel: { value: { _light: '{colors.white}', _dark: '#0f0f12' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);
