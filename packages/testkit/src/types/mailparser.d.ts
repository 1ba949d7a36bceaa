// The parts of mailparser 3.7 the tests read; the package ships no type definitions.
declare module 'mailparser' {
  export interface EmailAddress {
    address?: string;
    name: string;
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    date?: Date;
    messageId?: string;
    headers: Map<string, unknown>;
    html: string | false;
    text?: string;
    attachments: unknown[];
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
