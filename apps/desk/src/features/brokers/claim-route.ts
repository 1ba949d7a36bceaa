import type { ActionFunctionArgs } from 'react-router';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';

/** The buyer page's claim card posts here: a code for the client's mobile, then the code typed. */
export async function action({
  request,
  params,
}: ActionFunctionArgs): Promise<ActionResult & { code?: string }> {
  const form = await request.formData();
  const path = `/leads/${params.id ?? ''}/broker-claim`;
  if (textField(form, 'intent') === 'code') {
    let code: string | undefined;
    const result = await attempt(async () => {
      const sent = await api<{ whatsapp: boolean; code: string | null }>(`${path}/code`, {
        method: 'POST',
      });
      code = sent.code ?? undefined;
      return sent.whatsapp
        ? 'The code is on its way to the client’s WhatsApp: ask them to read it to you.'
        : undefined;
    });
    return code === undefined ? result : { ...result, code };
  }
  return attempt(async () => {
    await api(`${path}/proof`, { method: 'POST', body: { code: textField(form, 'code') } });
    return 'The claim is proven: the buyer stays the broker’s through the booking.';
  });
}
