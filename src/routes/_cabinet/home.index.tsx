import { createFileRoute } from '@tanstack/react-router';

/**
 * Route name Home: the cabinet's default entry — greeting, tips and the active orders (searchable like
 * /home/active). The dashboard is the layout's (home.tsx): this route only says that no tab is chosen.
 */
export const Route = createFileRoute('/_cabinet/home/')({});
