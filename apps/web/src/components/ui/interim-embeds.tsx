/** Stand-ins for the embeds (video facade, lazy map) until they are in place. */
export function VideoFacade({ title, height }: { videoId: string; title: string; height: number }) {
  return <div role="img" aria-label={title} style={{ height, background: '#0f2e22' }} />;
}

export function MapEmbed({ src, title, height }: { src: string; title: string; height: number }) {
  return <iframe src={src} title={title} height={height} width="100%" loading="lazy" />;
}
