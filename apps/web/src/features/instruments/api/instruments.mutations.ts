import { API } from '@clearway/contracts/endpoint-table';
import type { TCreateInstrument, TUpdateInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { instrumentKeys } from './instrument-keys';

type Holiday = { calendar: string; date: string };

/** The writes of the instruments domain; each invalidates what it changed through the key factory. */
export function useCreateInstrument(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateInstrument) =>
      api(API.instruments.create, { payload: { ...input, entityId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instrumentKeys.all }),
  });
}

export function useUpdateInstrument(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateInstrument) =>
      api(API.instruments.update, { payload: { ...input, entityId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instrumentKeys.all }),
  });
}

export function useSetInstrumentStatus(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { instrumentId: number; enabled: boolean }) =>
      api(API.instruments.setStatus, { payload: { ...input, entityId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instrumentKeys.all }),
  });
}

/** A holiday changes value dates: the calendar's year and everything priced from it. */
function useHolidayChange<I extends Holiday>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: instrumentKeys.holidays(input.calendar, Number(input.date.slice(0, 4))),
        }),
        queryClient.invalidateQueries({ queryKey: instrumentKeys.pricing() }),
      ]),
  });
}

export const useAddHoliday = (entityId: number) =>
  useHolidayChange((input: Holiday & { name: string }) =>
    api(API.instruments.addHoliday, { payload: { ...input, entityId } }),
  );

export const useRemoveHoliday = (entityId: number) =>
  useHolidayChange((input: Holiday) =>
    api(API.instruments.removeHoliday, { payload: { ...input, entityId } }),
  );
