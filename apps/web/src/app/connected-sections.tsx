/*
 * Sections wired to the lead forms. Features do not import each other, so the app layer hands
 * each section its form or its modal opener.
 */
import { useCallback } from 'react';
import { LeadForm, useBrochureModal } from '../features/lead-forms/index.ts';
import { CONTACT_FORM_HEADING_ID, ContactSection } from '../features/contact/contact-section.tsx';
import type { HeadingLevel } from '../components/ui/section.tsx';
import { LocationSection } from '../features/location/location-section.tsx';
import {
  BROCHURE_FORM_HEADING_ID,
  BrochureSection,
} from '../features/sections/brochure-section.tsx';

export function useOpenBrochure() {
  const { openBrochure } = useBrochureModal();
  const openNavigation = useCallback(() => openBrochure('navigation'), [openBrochure]);
  const openLocation = useCallback(() => openBrochure('location'), [openBrochure]);
  return { openNavigation, openLocation };
}

export function ConnectedBrochureSection() {
  return (
    <BrochureSection form={<LeadForm variant="inline" labelledBy={BROCHURE_FORM_HEADING_ID} />} />
  );
}

export function ConnectedContactSection({ headingLevel }: { headingLevel?: HeadingLevel }) {
  return (
    <ContactSection
      headingLevel={headingLevel}
      form={<LeadForm variant="contact" labelledBy={CONTACT_FORM_HEADING_ID} />}
    />
  );
}

export function ConnectedLocationSection({ headingLevel }: { headingLevel?: HeadingLevel }) {
  const { openLocation } = useOpenBrochure();
  return <LocationSection headingLevel={headingLevel} onEnquire={openLocation} />;
}
