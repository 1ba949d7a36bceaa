export { BrochureModalProvider } from './brochure-modal-provider.tsx';
export { useBrochureModal, type BrochureVariant } from './brochure-modal-context.ts';
export { InlineBrochureForm, type InlineBrochureFormProps } from './inline-brochure-form.tsx';
export { ContactForm, type ContactFormProps } from './contact-form.tsx';
