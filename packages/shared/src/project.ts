/** The project the site sells: one name for the site, its emails and what the CRM receives. */
export const PROJECT_NAME = 'Elegant Iconia';
