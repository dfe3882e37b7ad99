import * as TabsPrimitive from '@radix-ui/react-tabs';
import { styled } from './styled';

export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(TabsPrimitive.List, 'grid auto-cols-fr grid-flow-col rounded-md bg-slate-100 p-1 text-sm font-semibold');

export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  'min-h-11 rounded px-3 py-1.5 text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
);

export const TabsContent = styled(TabsPrimitive.Content, 'focus-visible:outline-2 focus-visible:outline-blue-600');
