/** Marks the `<style>` element in every page's head that the build fills with the site's CSS. */
export const SITE_STYLES_ATTRIBUTE = 'data-site-styles';

/** The empty element as the prerenderer writes it. */
export const SITE_STYLES_PLACEHOLDER = `<style ${SITE_STYLES_ATTRIBUTE}=""></style>`;
