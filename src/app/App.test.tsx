import { render, screen } from '@testing-library/react';
import { App } from './App.tsx';

test('the login frame shows the tenant title and logo', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: '嘉易棉业后台管理系统' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: '嘉易棉业集团' })).toHaveAttribute('src', '/static/svg/logo.svg');
});
