/**
 * The house format (issue #23), checked by `npm run lint` and applied by `npm run format`. The print
 * width is the one that reformats the least of the code written before Prettier ran: lines were
 * already wrapped near 160 columns.
 */
export default {
  printWidth: 160,
  singleQuote: true,
  trailingComma: 'all',
  arrowParens: 'always',
  semi: true,
};
