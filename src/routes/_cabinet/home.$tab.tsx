import { createFileRoute } from '@tanstack/react-router';
import { tabParams } from '../../lib/route-params';

/**
 * /home/{tab}: tab is one of the counters active, archive, done, else /404 (spec point 2). The dashboard is the
 * layout's (home.tsx), which reads the tab from this route's match.
 */
export const Route = createFileRoute('/_cabinet/home/$tab')({
  params: tabParams,
});
