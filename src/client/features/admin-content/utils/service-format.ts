/** "$89" or "$89.50". */
export { formatCents as formatPrice } from '../../../../shared/money';

export { durationText } from '../../../../shared/duration-text';
