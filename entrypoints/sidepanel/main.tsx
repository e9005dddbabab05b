import '@/components/theme.css';
import { mountBuiltPage } from '@/components/mount-built-page';
import { PanelApp } from './PanelApp';

mountBuiltPage(PanelApp, 'pageTitlePanel');
