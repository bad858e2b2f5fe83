import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

import { dark, light, shared } from '../../../contract/theme';

createGlobalTheme(':root[data-theme="light"]', vars, { ...shared, ...light });
createGlobalTheme(':root[data-theme="dark"]', vars, { ...shared, ...dark });

// Native controls (scrollbars, autofill, date pickers) follow the theme too.
globalStyle(':root[data-theme="light"]', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });
