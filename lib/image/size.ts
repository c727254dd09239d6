/** The sizing policy shared by the extension and the CLI: what is sent to the model. */
export const IMAGE_POLICY = {
  maxEdge: 1024,
  mimeType: 'image/jpeg',
  quality: 0.85,
  /** Below this on both sides it is a tracker pixel or an icon, not a picture to check. */
  minEdge: 16,
} as const;

export interface Size {
  width: number;
  height: number;
}

/** The size to encode at: the longest edge at most `maxEdge`, aspect kept, never upscaled. */
export function fitWithin(size: Size, maxEdge: number = IMAGE_POLICY.maxEdge): Size {
  const scale = Math.min(1, maxEdge / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** True when the picture is too small to be worth checking (tracker pixels, spacers). */
export function isTooSmall(size: Size): boolean {
  return size.width < IMAGE_POLICY.minEdge && size.height < IMAGE_POLICY.minEdge;
}

/** A data URL for bytes, without building one giant string argument (works in workers and Node). */
export function toDataUrl(bytes: Uint8Array, mimeType: string): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${mimeType};base64,${btoa(binary)}`;
}
