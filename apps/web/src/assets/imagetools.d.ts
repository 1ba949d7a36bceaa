/**
 * Types of the photo imports processed by vite-imagetools (see README.md beside this file):
 * `import photo from './photos/x.jpg?w=480;960;1600&format=avif;webp&as=picture'`.
 */
declare module '*as=picture' {
  import type { PictureImport } from './image-asset.ts';
  const picture: PictureImport;
  export default picture;
}
