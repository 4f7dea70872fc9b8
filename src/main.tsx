import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppQueryClient, createAppRouter } from './router';

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(<App router={router} queryClient={queryClient} />);
