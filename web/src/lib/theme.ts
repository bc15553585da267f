import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
  theme: {
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
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
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

export const system = createSystem(defaultConfig, config);
