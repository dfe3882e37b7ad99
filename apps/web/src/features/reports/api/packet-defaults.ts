import { useQuery } from '@tanstack/react-query';
import { packetDefaultsSchema, type PacketDefaults } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportsKey } from './report-keys';

// GET /api/reports/packet-defaults?projectId=: the packet dialog's starting point: the company's cover
// letter template (or the product's default), the claim's values of its fields, the project's estimates.

export const packetDefaultsKey = (projectId: string) => [...reportsKey, 'packet-defaults', projectId] as const;

export function fetchPacketDefaults(projectId: string): Promise<PacketDefaults> {
  return api.get(`/api/reports/packet-defaults?${new URLSearchParams({ projectId }).toString()}`, { schema: packetDefaultsSchema });
}

export function usePacketDefaults(projectId: string) {
  return useQuery({ queryKey: packetDefaultsKey(projectId), queryFn: () => fetchPacketDefaults(projectId) });
}
