import { useEffect } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { bindClientUi } from '../api/ui-bindings.ts';

/** Gives the API client antd's context-aware messages and the router's navigation. Renders nothing. */
export function ApiUiBridge() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(
    () =>
      bindClientUi({
        showSuccess: (text) => void message.success(text),
        showError: (text) => void message.error(text),
        navigate: (path) => void navigate(path),
      }),
    [message, navigate],
  );
  return null;
}
