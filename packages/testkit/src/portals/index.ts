export { ACRES99_PATH, startAcres99Peer } from './acres99-peer.ts';
export { HOUSING_PATH, startHousingPeer } from './housing-peer.ts';
export { MAGICBRICKS_PATH, startMagicBricksPeer } from './magicbricks-peer.ts';
export type { PortalEnquiry, PortalFailure, PortalPeer, PortalRequest } from './portal-peer.ts';
