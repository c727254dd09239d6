// Whether an image is a picture a page shows or an avatar or icon beside its text: the size every finder module
// tells them apart by.

/** Smallest side of a picture that ends the text "after" an image (an avatar or icon does not). */
const PICTURE_PX = 48;

/** A picture a page shows, not avatar- or icon-sized (when laid out). */
export const isPicture = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return !(rect.width > 0 && (rect.width < PICTURE_PX || rect.height < PICTURE_PX));
};
