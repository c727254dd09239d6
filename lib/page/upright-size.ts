import type { Size } from '../image/size';

/**
 * The stored size of a picture turned the way the decoder turned it. A file header gives the stored
 * size, but decoders apply the EXIF orientation, so a phone's portrait photo stored as 4000×3000 decodes
 * upright as 3000×4000 (at whatever scale): sizing by the header alone would squash it. Whichever of the
 * stored size and its swap has the aspect closer to the decoded picture's wins; a tie keeps the stored one.
 */
export function uprightSize(stored: Size, decoded: Size): Size {
  const aspect = (size: Size) => Math.log(size.width / size.height);
  const swapped = { width: stored.height, height: stored.width };
  const target = aspect(decoded);
  // The margin keeps a tie a tie despite floating-point rounding.
  return Math.abs(aspect(swapped) - target) < Math.abs(aspect(stored) - target) - 1e-9 ? swapped : stored;
}
