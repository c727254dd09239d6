// Schemas built when first used, not when their module loads. The popup and the side panel import the check's
// record with the code that draws it; its schemas, built at import, were much of what each view allocated at
// start-up (docs/speed.md, "A view's start-up"): garbage the heap every extension page shares collects later,
// in whichever check is running then. A view that has nothing stored to read builds none of them.
import type { z } from 'zod';

/**
 * The schema `build` makes, made the first time anything is read from it (`safeParse`, `extend`, `options`, or zod
 * reading it as a field of another schema) and kept. It stands for that schema everywhere, types included; it is
 * another object, so metadata (`.meta()`, `.describe()`) belongs inside `build`, where zod's registry keys it by
 * the schema it describes.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<S extends z.ZodType>(build: () => S): S {
  let schema: S | undefined;
  const built = (): S => (schema ??= build());
  // Every operation goes to the built schema (a spy set on the stand-in lands on it too). A property the schema
  // holds unconfigurable is mirrored on the stand-in when reported, as a proxy must.
  return new Proxy({} as S, {
    get: (_target, key) => Reflect.get(built(), key),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      if (descriptor && !descriptor.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) Reflect.defineProperty(target, key, descriptor);
      return descriptor;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
