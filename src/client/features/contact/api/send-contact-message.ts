import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { apiJson } from '../../../lib/api';

export function sendContactMessage(input: ContactInput) {
  return apiJson<{ message: string }>('POST', '/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
