/**
 * The placeholder's words for a picture that cannot be loaded (spec §2), wherever a unit's picture
 * is shown: the unit's page and the image manager (features do not import one another).
 */
export const IMAGE_NOT_FOUND = 'Image Not Found';
