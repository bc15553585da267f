/**
 * A validation failure tied to the input field it concerns, so the web can show it next to
 * that field and the CMS can return it in Strapi's error details unchanged.
 */
export interface FieldError {
  field: string;
  message: string;
}
