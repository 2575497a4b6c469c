import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceSchema, type Service } from '../../../../shared/schemas/content';
import { getJson } from '../../../lib/api';
import { bookingKeys } from './booking-keys';

const servicesSchema = z.array(serviceSchema);

/** The active services in display order, each with its job length. */
export function getServices(): Promise<Service[]> {
  return getJson(bookingKeys.services()[0], servicesSchema);
}

export function useServices() {
  return useQuery({ queryKey: bookingKeys.services(), queryFn: getServices });
}
