import type { DemoConfirmInput } from '../../../../shared/schemas/booking';
import { apiJson } from '../../../lib/api';

/** Demo provider only: the server checks the test card and answers where to go next. */
export function confirmDemoPayment(input: DemoConfirmInput): Promise<{ redirectUrl: string }> {
  return apiJson('POST', '/api/payments/demo/confirm', import('../../../../shared/schemas/booking').then((m) => m.demoConfirmResultSchema), input);
}
