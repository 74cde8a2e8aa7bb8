'use client';
import { createContext, useContext } from 'react';

export interface AppsConfig {
  sandboxOrigin: string;
}

export const AppsConfigContext = createContext<AppsConfig>({ sandboxOrigin: '' });

export function useAppsConfig(): AppsConfig {
  return useContext(AppsConfigContext);
}
