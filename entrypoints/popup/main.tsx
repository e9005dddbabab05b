import '@/components/theme.css';
import { mountBuiltPage } from '@/components/mount-built-page';
import { App } from './App';

mountBuiltPage(App);
