import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../tests/render';
import { FileDrop } from './FileDrop';

describe('the file drop zone', () => {
  it('takes a dropped file or one chosen with its button, and shows the chosen file’s name and size', async () => {
    const onFiles = vi.fn();
    const file = new File(['x'.repeat(2048)], 'app.zip', { type: 'application/zip' });
    await renderScreen(() => <FileDrop id="pkg" label="App package (.zip)" accept=".zip" chosen={[file]} onFiles={onFiles} />);
    // The button is how the keyboard opens the chooser; the native input is labelled but not a tab stop.
    const button = await screen.findByRole('button', { name: 'Choose a file' });
    await userEvent.setup().tab();
    expect(button).toHaveFocus();
    expect(screen.getByLabelText('App package (.zip)')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('list', { name: 'Chosen' })).toHaveTextContent('app.zip (2.0 KB)');
    fireEvent.drop(button.closest('.file-drop')!, { dataTransfer: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    await userEvent.setup().upload(screen.getByLabelText('App package (.zip)'), file);
    expect(onFiles).toHaveBeenCalledTimes(2);
  });
});
