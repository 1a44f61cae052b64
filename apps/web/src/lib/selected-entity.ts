import type { Capabilities } from '@clearway/contracts/capabilities';
import { createContext, useContext } from 'react';

/** The entity the user acts on, as the shell resolved it (features read, never set, it). */
export type SelectedEntity = {
  entityId: number;
  entityName: string;
  attributes: readonly string[];
  capabilities: Capabilities;
  isBroker: boolean;
};

export const SelectedEntityContext = createContext<SelectedEntity | null>(null);

export function useSelectedEntity(): SelectedEntity | null {
  return useContext(SelectedEntityContext);
}
