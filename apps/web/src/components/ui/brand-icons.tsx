import type { SVGProps } from 'react';
import type { SocialNetwork } from '../../content/site.ts';

/*
 * The icon package carries no brand marks, so these few are drawn here: simplified single-path
 * glyphs on a 24 px grid, coloured by `currentColor`, hidden from assistive technology (the
 * link around each one carries the name).
 */

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function BrandIcon({ size = 20, path, ...props }: IconProps & { path: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={path} />
    </svg>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <BrandIcon
      {...props}
      path="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3z"
    />
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <BrandIcon
      {...props}
      path="M12 3c-2.4 0-2.7 0-3.7.1-1 0-1.6.2-2.2.4-.6.2-1.1.6-1.6 1.1-.5.5-.8 1-1.1 1.6-.2.6-.4 1.2-.4 2.2C3 9.3 3 9.6 3 12s0 2.7.1 3.7c0 1 .2 1.6.4 2.2.2.6.6 1.1 1.1 1.6.5.5 1 .8 1.6 1.1.6.2 1.2.4 2.2.4 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c1 0 1.6-.2 2.2-.4.6-.2 1.1-.6 1.6-1.1.5-.5.8-1 1.1-1.6.2-.6.4-1.2.4-2.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c0-1-.2-1.6-.4-2.2-.2-.6-.6-1.1-1.1-1.6-.5-.5-1-.8-1.6-1.1-.6-.2-1.2-.4-2.2-.4C14.7 3 14.4 3 12 3zm0 1.6c2.4 0 2.6 0 3.6.1.9 0 1.3.2 1.6.3.4.2.7.4 1 .7.3.3.5.6.7 1 .1.3.3.8.3 1.6.1.9.1 1.2.1 3.6s0 2.6-.1 3.6c0 .9-.2 1.3-.3 1.6-.2.4-.4.7-.7 1-.3.3-.6.5-1 .7-.3.1-.8.3-1.6.3-.9.1-1.2.1-3.6.1s-2.6 0-3.6-.1c-.9 0-1.3-.2-1.6-.3-.4-.2-.7-.4-1-.7-.3-.3-.5-.6-.7-1-.1-.3-.3-.8-.3-1.6-.1-.9-.1-1.2-.1-3.6s0-2.6.1-3.6c0-.9.2-1.3.3-1.6.2-.4.4-.7.7-1 .3-.3.6-.5 1-.7.3-.1.8-.3 1.6-.3.9-.1 1.2-.1 3.6-.1zm0 2.8a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2zM12 15a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm5.9-7.8a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0z"
    />
  );
}

export function LinkedInIcon(props: IconProps) {
  return (
    <BrandIcon
      {...props}
      path="M6.9 8.9H3.6V20h3.3V8.9zM5.3 3.6a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.4 13.7c0-3-.6-5.1-4.1-5.1-1.7 0-2.8.9-3.2 1.8h-.1V8.9H9.9V20h3.3v-5.5c0-1.5.3-2.9 2.1-2.9s1.8 1.7 1.8 3V20h3.3v-6.3z"
    />
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <BrandIcon
      {...props}
      path="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3-5.2 3z"
    />
  );
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <BrandIcon
      {...props}
      path="M12 2.2A9.7 9.7 0 0 0 3.7 17l-1.4 5 5.1-1.3A9.7 9.7 0 1 0 12 2.2zm0 17.8c-1.5 0-2.9-.4-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3a8 8 0 1 1 6.9 3.7zm4.4-6c-.2-.1-1.4-.7-1.7-.8-.2-.1-.4-.1-.5.1l-.8.9c-.1.2-.3.2-.5.1-.7-.3-1.4-.7-2-1.3-.5-.5-1-1.1-1.3-1.7-.1-.2 0-.4.1-.5l.4-.4.2-.4v-.4l-.8-1.8c-.2-.5-.4-.4-.5-.4h-.5c-.2 0-.4.1-.6.3-.6.6-.9 1.3-.8 2.1.1.9.5 1.8 1.1 2.6 1.1 1.6 2.5 2.9 4.3 3.7.5.2.9.4 1.4.5.5.2 1.1.2 1.6.1.6-.1 1.1-.5 1.4-1 .2-.3.2-.7.1-1.1l-.6-.4z"
    />
  );
}

const BY_NETWORK: Record<SocialNetwork, (props: IconProps) => React.JSX.Element> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
};

export function SocialIcon({ network, ...props }: IconProps & { network: SocialNetwork }) {
  const Icon = BY_NETWORK[network];
  return <Icon {...props} />;
}
