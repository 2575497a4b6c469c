import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '../../../../shared/schemas/common';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { apiJson } from '../../../lib/api';

export function sendContactMessage(input: ContactInput) {
  return apiJson('POST', '/api/contact', messageSchema, input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
