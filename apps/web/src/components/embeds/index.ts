export { MapEmbed, type MapEmbedProps } from './map-embed.tsx';
export { VideoFacade, youtubeEmbedUrl, type VideoFacadeProps } from './video-facade.tsx';
