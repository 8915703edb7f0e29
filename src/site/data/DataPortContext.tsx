import { createContext, useContext, type ReactNode } from 'react';
import type { DataPort } from './port';

const DataPortContext = createContext<DataPort | null>(null);

/** Gives every form the data port; the browser entry and the server renderer pass the one they chose. */
export function DataPortProvider({ port, children }: { port: DataPort; children: ReactNode }) {
  return <DataPortContext.Provider value={port}>{children}</DataPortContext.Provider>;
}

export function useDataPort(): DataPort {
  const port = useContext(DataPortContext);
  if (!port) throw new Error('No data port: wrap the app in <DataPortProvider>.');
  return port;
}
